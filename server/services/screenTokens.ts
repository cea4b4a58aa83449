import { randomBytes } from 'node:crypto';

/** A fresh venue screen secret: a new page's, a copy's (never its original's) and each rotation's. */
export const newScreenToken = () => randomBytes(24).toString('base64url');
