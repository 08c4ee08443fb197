/** Cluster hubs in this process, each on its own data dir, cleaned up by the caller's list. */
import type { ClusterOptions } from "../../hub/cluster/index.js";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";

export type Cleanups = (() => Promise<void>)[];

export async function clusterHub(
  url: string,
  cleanups: Cleanups,
  leaseMs?: number,
  link: Omit<ClusterOptions, "url" | "leaseMs"> = {},
): Promise<TestHub> {
  const dataDir = await tempDir("hub-cluster-");
  cleanups.push(() => removeDir(dataDir));
  const hub = await startTestHub({ dataDir, cluster: { url, leaseMs, ...link } });
  cleanups.push(() => hub.stop());
  return hub;
}
