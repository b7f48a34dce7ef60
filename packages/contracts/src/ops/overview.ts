// The overview part of the operator console: its wire types.
export {};
