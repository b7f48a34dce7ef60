/**
 * libphonenumber-js with its whole (min) metadata, for the few places that read numbers people type or import. They load
 * this module with `import()`, and it is a module of its own so that the lazy chunk keeps only these two functions: a
 * dynamic import of the package's index keeps every export it has, and code splitting then puts what it shares with
 * the Start Chat tariff's static `libphonenumber-js/core` (AsYouType, findNumbers…) in a chunk every bundle loads.
 */
export { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
