import type { ReactNode } from 'react';
import type { CapturePagePayload, PublicLink } from '../domain/schemas/capture';

type Account = CapturePagePayload['account'];

const linkProps = (link: PublicLink) => (link.type === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {});

/** The account's bar: its header image (or name) on a light or dark bar, and its header links. */
export function Header({ account }: { account: Account }) {
  const brand = account.headerImage ? <img src={account.headerImage} alt={account.name} height={44} /> : <span>{account.name}</span>;
  return (
    <header className={`bar ${account.lightHeader ? 'bar--light' : 'bar--dark'}`}>
      {account.primaryLink ? (
        <a className="brand" href={account.primaryLink.href} {...linkProps(account.primaryLink)}>
          {brand}
        </a>
      ) : (
        <div className="brand">{brand}</div>
      )}
      {account.headerLinks.length > 0 && (
        <nav aria-label={`${account.name} links`}>
          <ul>
            {account.headerLinks.map((link) => (
              <li key={link.id}>
                <a href={link.href} className={link.primary ? 'primary' : undefined} {...linkProps(link)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

export function Footer({ account }: { account: Account }) {
  return (
    <footer>
      {account.footerLinks.length > 0 && (
        <nav aria-label="More links">
          <ul>
            {account.footerLinks.map((link) => (
              <li key={link.id}>
                <a href={link.href} {...linkProps(link)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div>
        © {account.name} · <a href={account.termsUrl}>Terms</a>
        {account.helpEmail && (
          <>
            {' · '}
            <a href={`mailto:${account.helpEmail}`}>Help</a>
          </>
        )}
      </div>
    </footer>
  );
}

/** The page frame: header, the banner (already chosen by the server), the main content, footer. */
export function Frame({ payload, children }: { payload: CapturePagePayload; children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip" href="#content">
        Skip to content
      </a>
      <Header account={payload.account} />
      {payload.page.banner && <img className="banner" src={payload.page.banner} alt="" fetchPriority="high" width={1280} height={720} />}
      <main id="content">{children}</main>
      <Footer account={payload.account} />
    </div>
  );
}
