declare module 'heic-decode' {
  /** Decodes the primary image of a HEIC file (libheif compiled to WebAssembly) into RGBA pixels. */
  export default function decode(input: { buffer: Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
