/** Google's OAuth endpoints; the sandbox (and tests) point them at the fake. */
export interface GoogleOAuthEndpoints {
  authorize: string;
  token: string;
  revoke: string;
  userinfo: string;
}

export const GOOGLE_OAUTH_ENDPOINTS: GoogleOAuthEndpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};

/** The endpoints of a Google-compatible server at `base` (the sandbox's `/google`). */
export function googleEndpointsAt(base: string): GoogleOAuthEndpoints {
  const root = base.replace(/\/$/, '');
  return {
    authorize: `${root}/o/oauth2/v2/auth`,
    token: `${root}/token`,
    revoke: `${root}/revoke`,
    userinfo: `${root}/v1/userinfo`,
  };
}
