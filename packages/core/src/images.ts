/** Image urls: the path joined to the image base address. Read per call so tests can set it. */
const imageBase = () => process.env.IMAGE_BASE_URL ?? '/images';

export const flagUrl = (iso: string) => `${imageBase()}/flags/${iso.toLowerCase()}.svg`;
export const serviceLogoUrl = (slug: string) => `${imageBase()}/services/${slug}.svg`;
export const blogCoverUrl = (slug: string) => `${imageBase()}/blog/${slug}.svg`;
