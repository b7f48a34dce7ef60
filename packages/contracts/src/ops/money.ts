// The money part of the operator console: its wire types.
export {};
