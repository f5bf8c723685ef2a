import { createContext, useContext } from "react";

/** The request header on which server/app.ts hands the response's nonce to the renderer. */
export const nonceHeader = "x-site-csp-nonce";

/** The Content-Security-Policy nonce of the response being rendered (none when prerendering). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
