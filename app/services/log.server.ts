// Operational messages only. Never pass names, e-mail addresses, messages or file contents here.
export const log = {
  info: (message: string) => console.log(message),
  error: (message: string) => console.error(message),
};
