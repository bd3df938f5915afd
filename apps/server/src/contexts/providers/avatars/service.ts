import type { AvatarRepository, AvatarSubject } from './avatar-repository.ts';

/** Calm, accessible backgrounds (white text passes WCAG AA on each). */
const palette = ['#144F79', '#437294', '#1E6B52', '#7A3E6B', '#8A4B08', '#2F4858', '#5B4B8A', '#0B6E75'];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

function initialOf(name: string): string {
  const letter = [...name.trim()].find((c) => /\p{L}/u.test(c));
  return letter === undefined ? '' : letter.toLocaleUpperCase('en-US');
}

/** A round 128×128 SVG with the provider's initials on a colour derived from the id. */
export function renderAvatarSvg(subject: AvatarSubject): string {
  const initials = escapeXml(`${initialOf(subject.firstName)}${initialOf(subject.lastName)}` || '?');
  const colour = palette[subject.providerId % palette.length] ?? '#144F79';
  const label = escapeXml(`${subject.firstName} ${subject.lastName}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${label}">` +
    `<circle cx="64" cy="64" r="64" fill="${colour}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#FFFFFF" font-family="Helvetica, Arial, sans-serif" font-size="48" font-weight="600">${initials}</text>` +
    `</svg>`
  );
}

export interface AvatarService {
  /** The SVG, or undefined unless the brand of `clientSlug` has this published provider. */
  getProviderAvatar(clientSlug: string, providerId: number): Promise<string | undefined>;
}

export function createAvatarService(repository: AvatarRepository): AvatarService {
  return {
    async getProviderAvatar(clientSlug, providerId) {
      const subject = await repository.findPublishedProvider(clientSlug, providerId);
      return subject && renderAvatarSvg(subject);
    },
  };
}
