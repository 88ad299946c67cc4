// What every connector call gets: settings, the HTTP client, the profile's store.

export type ConnectorContext<TSettings> = {
  settings: TSettings; // parsed from NETWORK_<PLATFORM>_* (base URLs, client id and secret)
  fetch: typeof fetch; // the HTTP client (timeouts, no secrets in logs); tests may wrap it
  // Waits between status polls (Graph containers, TikTok publish status, YouTube processing). Tests pass
  // a fast one; absent means setTimeout.
  sleep?: (ms: number) => Promise<void>;
  // State the connector keeps for the profile between calls and across processes (the sandbox network's
  // simulated locations and pages). Given by the services where they have a profile (management calls).
  store?: ConnectorStore;
  // The public origin of this install (APP_URL), for URLs of ours the network is told about.
  publicUrl?: string;
};

// JSON values under the connector's own keys, scoped to one profile and kept in the database.
export type ConnectorStore = {
  get(key: string): Promise<unknown>; // null when nothing is stored under the key
  set(key: string, value: unknown): Promise<void>;
  // Read-modify-write under a lock on the key (concurrent calls, even from other processes, run one
  // after the other): `change` gets the stored value (null when none) and returns the result, with
  // `value` to store (left out: nothing is written). A throw writes nothing.
  update<T>(key: string, change: (current: unknown) => { value?: unknown; result: T }): Promise<T>;
};
