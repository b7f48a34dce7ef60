// The number sources part of the operator console (Twilio account import, SMS gateway devices): its wire types.
export {};
