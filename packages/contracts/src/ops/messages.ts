// The messages part of the operator console: its wire types.
export {};
