import Box from '@mui/material/Box';
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
 * (role alert). Plain elements, no MUI Alert: it is part of the landing page's first script.
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
    <Box
      component="a"
      href={telHref(phone ?? text)}
      sx={{
        color: 'inherit',
        fontWeight: 700,
        textDecoration: 'underline',
        whiteSpace: 'nowrap',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {text}
    </Box>
  );
  return (
    <Box
      role="alert"
      id={id}
      data-severity={severity}
      sx={{
        my: 2,
        p: 2,
        borderRadius: 1,
        border: '1px solid',
        borderColor: `${severity}.main`,
        borderLeftWidth: 6,
        bgcolor: 'background.paper',
        color: 'text.primary',
      }}
    >
      {title ? (
        <Box component="p" sx={{ m: 0, mb: 0.5, fontWeight: 700 }}>
          {title}
        </Box>
      ) : null}
      <Box component="p" sx={{ m: 0 }}>
        {parts.map((part, index) =>
          part.kind === 'phone' ? (
            <span key={index}>{phoneLink(part.text)}</span>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </Box>
      {!phoneInText && phone ? (
        <Box component="p" sx={{ m: 0, mt: 1 }}>
          Call us: {phoneLink(formatPhoneForDisplay(phone))}
        </Box>
      ) : null}
      {children ? <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box> : null}
    </Box>
  );
}
