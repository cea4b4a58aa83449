import { Fragment, type ReactNode } from 'react';

/** A translated sentence with elements in its `%{slots}` (a link, a bold file name), in the order the language puts them. */
export function Filled({ template, slots }: { template: string; slots: Record<string, ReactNode> }) {
  const parts = template.split(/%\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (slots[part] ?? `%{${part}}`) : part}</Fragment>
      ))}
    </>
  );
}
