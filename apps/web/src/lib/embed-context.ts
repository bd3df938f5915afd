import { createContext, useContext } from 'react';
import type { BookedAppointment } from '@scheduler/embed/protocol';

/**
 * Set when the booking flow runs inside the embeddable widget (`/…/widget/…`, in a frame on a
 * practice's site). The widget feature provides it around the booking shell; booking screens may
 * read it (e.g. to leave out chrome the host page already has) without importing the widget.
 */
export interface EmbedInfo {
  embedded: true;
  /**
   * The host page's `data-color` ('#RRGGBB'), which replaces the scheduler's widget colour
   * (appointment setting 20) for the primary actions; null: use setting 20.
   */
  primaryColour: string | null;
  /**
   * Tells the host page that an appointment was booked (a DOM event there, for its conversion
   * tag). Optional for the booking flow: reaching the thank-you step reports the booking too,
   * once; calling this first adds the appointment id.
   */
  notifyBooked: (booking: Partial<BookedAppointment>) => void;
}

export const EmbedContext = createContext<EmbedInfo | null>(null);

/** The widget's embed information, or null outside the widget. */
export function useEmbed(): EmbedInfo | null {
  return useContext(EmbedContext);
}
