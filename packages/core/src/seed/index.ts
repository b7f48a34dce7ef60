export { seedAll, seedItems } from './seed-all';
export { seedCounts, catalogFixture, seedCatalog } from './facts';
export { seedBlogPosts } from '../content';
export { gatewayCountries, seedSource } from './sources';
export { seededRandom, type Random } from './prng';
export { seedCountries, type SeedCountry } from './countries';
export { seedServices, type SeedService } from './services';
