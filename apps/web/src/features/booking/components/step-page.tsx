import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';

export interface StepPageProps {
  /** The step's heading (h1), also the document title. */
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The main landmark of a booking step: a heading that takes the focus when the step opens (so a
 * screen reader announces where the patient is), then the step's content. Plain elements styled by
 * the app's static stylesheet (Typography's h4 and body1 styles): no Material UI on the landing.
 */
export function StepPage({ heading, intro, children }: StepPageProps) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, []);
  return (
    <main id="main-content" className="step-page">
      <title>{t`${heading} – Book an appointment`}</title>
      <h1 ref={headingRef} tabIndex={-1} className="h4 step-page__heading">
        {heading}
      </h1>
      {intro ? <div className="body1 step-page__intro">{intro}</div> : null}
      {children}
    </main>
  );
}
