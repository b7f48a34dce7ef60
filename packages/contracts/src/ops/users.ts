// The users part of the operator console: its wire types.
export {};
