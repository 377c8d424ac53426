import { createContext, useContext } from "react";

/** The per-request CSP nonce, so inline scripts Remix renders are allowed and nothing else is. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
