/** Cluster hubs in this process, each on its own data dir, cleaned up by the caller's list. */
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";

export type Cleanups = (() => Promise<void>)[];

export async function clusterHub(
  url: string,
  cleanups: Cleanups,
  leaseMs?: number,
): Promise<TestHub> {
  const dataDir = await tempDir("hub-cluster-");
  cleanups.push(() => removeDir(dataDir));
  const hub = await startTestHub({ dataDir, cluster: { url, leaseMs } });
  cleanups.push(() => hub.stop());
  return hub;
}
