/**
 * The web platform's URL, which browsers and Node both have, for the kernel's own type check
 * (tsconfig.domain.json has neither the DOM's nor Node's types, so that nothing else of either
 * side slips into shared/). The console's and the server's checks use their full declarations.
 */
interface URL {
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
}
declare const URL: { new (url: string, base?: string): URL };
