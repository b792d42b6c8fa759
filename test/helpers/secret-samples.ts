/** One credential of each kind the scanner knows. */
// Samples are assembled at run time so that no credential-shaped string sits in the repository.
const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const MIXED = 'aZ3kQ9xR7mP2vL5n';
export const SAMPLES: Record<string, string> = {
  github_token: `ghp_${repeat(MIXED, 36)}`,
  slack_token: `xoxb-${'1234567890'}-${'9876543210'}-${repeat(MIXED, 24)}`,
  slack_webhook: `https://hooks.slack.com/services/T0${'ABCDEFG'}/B0${'HIJKLMN'}/${repeat(MIXED, 24)}`,
  google_api_key: `AIza${repeat(MIXED, 35)}`,
  google_oauth_token: `ya29.${repeat(MIXED, 60)}`,
  google_client_secret: `GOCSPX-${repeat(MIXED, 28)}`,
  aws_access_key: `AKIA${'QWERTYUIOPASDFGH'}`,
  aws_secret_key: `aws_secret_access_key = ${repeat('wJalrXUtnFEMI/K7MDENG+bPxRfiCY', 40)}`,
  atlassian_token: `ATATT3${repeat(MIXED, 180)}=${'0A1B2C3D'}`,
  notion_token: `ntn_${'12345678901'}${repeat(MIXED, 35)}`,
  private_key: `-----BEGIN RSA PRIVATE KEY-----\n${repeat(MIXED, 64)}\n-----END RSA PRIVATE KEY-----`,
  jwt: `eyJ${repeat(MIXED, 20)}.eyJ${repeat(MIXED, 30)}.${repeat(MIXED, 43)}`,
  connection_string: `postgres://app:${'S3cr3t-pa55'}@db.internal:5432/prod`,
  assigned_secret: `password = "${'Xk9#mP2$vL5nQ8wZ'}"`,
};
