export { seedAll, seedItems } from './seed-all';
export { seedCounts, catalogFixture, seedCatalog } from './facts';
export { seedBlogPosts } from './blog-posts';
export { gatewayCountries, seedSource } from './sources';
export { seededRandom, type Random } from './prng';
