// The catalogue part of the operator console: its wire types.
export {};
