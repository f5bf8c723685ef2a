import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of the response being rendered (none when prerendering). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
