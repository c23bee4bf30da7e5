/** Reads the host list out of a MongoDB connection string for messages, never its credentials. */

/**
 * The hosts of a `mongodb://` or `mongodb+srv://` URI as written (`a:27017,b:27018`), with any
 * `user:password@` removed, so errors and status lines can name the server without leaking a secret.
 * The WHATWG URL parser is not used because a MongoDB URI may list several comma-separated hosts.
 * MONGO-002 (the status line) and MONGO-003 (the connect error) name hosts, never credentials.
 *
 * @example
 * ```ts
 * mongoHosts('mongodb://app:s3cret@db1:27017,db2:27017/shop?replicaSet=rs0'); // 'db1:27017,db2:27017'
 * ```
 */
export function mongoHosts(uri: string): string {
  const scheme = /^mongodb(?:\+srv)?:\/\//i.exec(uri);
  if (scheme === null) return '(not a mongodb:// URI)';
  const rest = uri.slice(scheme[0].length);
  const slash = rest.search(/[/?]/);
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  // Passwords may contain an escaped '@' only as %40, so the last '@' ends the credentials.
  const at = authority.lastIndexOf('@');
  const hosts = at === -1 ? authority : authority.slice(at + 1);
  return hosts === '' ? '(no host)' : hosts;
}
