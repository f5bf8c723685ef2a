// The configuration the end-to-end server runs with: one store configured and one not, so both
// states are visible; no embed URLs, because this machine's tests never reach third parties.
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

export const e2eEnv = {
  NODE_ENV: "production",
  PORT: String(e2ePort),
  HOST: "127.0.0.1",
  SITE_URL: `http://localhost:${e2ePort}`,
  CONTACT_EMAIL: "hello@example.com",
  SOCIAL_URL: "https://www.linkedin.com/company/example",
  APP_STORE_URL: "https://apps.apple.com/app/id0000000000",
  PLAY_STORE_URL: "",
  NEWSLETTER_EMBED_URL: "",
  LOGIN_EMBED_URL: "",
};
