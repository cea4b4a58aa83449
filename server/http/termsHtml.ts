import { escapeHtml as e } from './html';

/** Plain text to HTML: a blank line parts paragraphs, '# ' starts a heading; nothing in it is markup. */
function termsBody(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n|\n(?=#\s)/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const heading = /^#\s+(.*?)(?:\n([\s\S]*))?$/.exec(block);
      if (!heading) return `<p>${e(block).replace(/\n/g, '<br />')}</p>`;
      const rest = heading[2]?.trim();
      return `<h2>${e(heading[1])}</h2>${rest ? `<p>${e(rest).replace(/\n/g, '<br />')}</p>` : ''}`;
    })
    .join('\n      ');
}

/** The whole /terms page: the platform's terms, readable on a phone, with no script. */
export function renderTermsHtml(text: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Terms of service</title>
    <link rel="icon" href="data:," />
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.6; color: #1f1f1f; background: #fafafa; }
      main { max-width: 44rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
      h1 { font-size: 1.9rem; margin: 0 0 1.5rem; }
      h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; }
      p { margin: 0 0 1rem; }
      a { color: #1565c0; }
    </style>
  </head>
  <body>
    <main>
      <h1>Terms of service</h1>
      ${termsBody(text)}
    </main>
  </body>
</html>
`;
}
