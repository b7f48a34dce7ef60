import { imageBaseUrl } from './settings';

/** Image urls: the path joined to the image base address (read per call, so tests can set it). */
export const flagUrl = (iso: string) => `${imageBaseUrl()}/flags/${iso.toLowerCase()}.svg`;
export const serviceLogoUrl = (slug: string) => `${imageBaseUrl()}/services/${slug}.svg`;
export const blogCoverUrl = (slug: string) => `${imageBaseUrl()}/blog/${slug}.svg`;
