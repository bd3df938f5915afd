import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { splitOnPhone, telHref } from '../lib/phone';

export type MessageSeverity = 'info' | 'warning' | 'error' | 'success';

export interface OfficeMessageProps {
  /** The message, word for word (spec section 8 texts come from the domain or the server). */
  message: string;
  /** The office phone number: linked where the message names it, else offered after it. */
  phone?: string | null | undefined;
  severity?: MessageSeverity;
  id?: string;
  /** A short line above the message naming what it is about (e.g. the location). */
  title?: string | undefined;
  /** Actions under the message (e.g. the way back to find appointment). */
  children?: ReactNode;
}

/**
 * A refusal or notice with the office phone as a `tel:` link, announced to screen readers
 * (role alert). Plain elements and the app's static stylesheet, no MUI Alert: it is part of the landing page's
 * first script.
 */
export function OfficeMessage({
  message,
  phone,
  severity = 'warning',
  id,
  title,
  children,
}: OfficeMessageProps) {
  const parts = splitOnPhone(message, phone);
  const phoneInText = parts.some((part) => part.kind === 'phone');
  const phoneLink = (text: string) => (
    <a href={telHref(phone ?? text)} className="phone-link">
      {text}
    </a>
  );
  const callLink = phone ? phoneLink(formatPhoneForDisplay(phone)) : null;
  return (
    <div role="alert" id={id} data-severity={severity} className="office-message">
      {title ? <p className="office-message__title">{title}</p> : null}
      <p className="office-message__text">
        {parts.map((part, index) =>
          part.kind === 'phone' ? (
            <span key={index}>{phoneLink(part.text)}</span>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      {!phoneInText && phone ? (
        <p className="office-message__call">
          <Trans>Call us: {callLink}</Trans>
        </p>
      ) : null}
      {children ? <div className="office-message__actions">{children}</div> : null}
    </div>
  );
}
