import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import type { PageAnswer, Refusal } from './api';
import { CaptureForm } from './CaptureForm';
import { useFanText } from './fanText';

/** The wall below the form: its own chunk, fetched after the form is up. */
const Wall = lazy(() => import('./Wall'));

/** A refusal as a page of its own: what happened, in words, never a broken form. */
function RefusalView({ refusal }: { refusal: Refusal }) {
  const { m } = useFanText();
  return (
    <div className="refusal" role="alert">
      <h1>{refusal.reason === 'page-not-found' ? m.page.notFound : m.page.sorry}</h1>
      <p>{refusal.reason ? m.refusal[refusal.reason] : refusal.message}</p>
    </div>
  );
}

function Thanks({ onAgain }: { onAgain: () => void }) {
  const { m } = useFanText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="thanks" role="status">
      <div className="tick" aria-hidden="true">
        ✓
      </div>
      <h1 ref={heading} tabIndex={-1}>
        {m.page.thanks}
      </h1>
      <p>{m.page.received}</p>
      <button type="button" className="button" onClick={onAgain}>
        {m.page.again}
      </button>
    </div>
  );
}

function Ad({ ad }: { ad: NonNullable<CapturePagePayload['page']['ad']> }) {
  const { m, f } = useFanText();
  if (!ad.image) return null;
  const image = <img src={ad.image} alt={ad.link ? f(m.page.adOf, { label: ad.link.label || ad.link.url }) : m.page.ad} loading="lazy" />;
  return ad.link ? (
    <a className="ad" href={ad.link.href} target="_blank" rel="noopener noreferrer sponsored">
      {image}
    </a>
  ) : (
    <div className="ad">{image}</div>
  );
}

/** What the page's script renders inside the server's frame: the form, its thanks, or a refusal. */
export function CapturePage({ answer, slugs }: { answer: PageAnswer; slugs?: { accountSlug: string; pageSlug: string } }) {
  const [refusal, setRefusal] = useState<Refusal | undefined>(answer.ok ? undefined : answer.refusal);
  const [sent, setSent] = useState(0);
  const [showThanks, setShowThanks] = useState(false);
  const onRefused = useCallback((r: Refusal) => setRefusal(r), []);

  if (!answer.ok || !slugs || refusal) {
    return <RefusalView refusal={refusal ?? { message: '', errors: [], reason: 'page-not-found' }} />;
  }
  const { payload } = answer;
  const wall = (
    <Suspense fallback={null}>
      <Wall slugs={slugs} />
    </Suspense>
  );
  if (showThanks) {
    return (
      <>
        <Thanks
          onAgain={() => {
            setShowThanks(false);
            setSent((n) => n + 1);
          }}
        />
        {wall}
      </>
    );
  }
  return (
    <>
      <h1>{payload.page.title}</h1>
      {payload.page.ad && <Ad ad={payload.page.ad} />}
      <CaptureForm key={sent} payload={payload} slugs={slugs} onSent={() => setShowThanks(true)} onRefused={onRefused} />
      {wall}
    </>
  );
}
