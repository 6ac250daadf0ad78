package io.hbench.hdfs.namenode;

import java.io.IOException;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;

/**
 * The NameNode a run drives: one started in this process, whose RPC server methods are called
 * directly (no RPC, as NNThroughputBenchmark measures), or a running one reached through the
 * real client RPC path.
 */
interface NameNodeTarget extends AutoCloseable {

  /** The client protocol: create, mkdirs, getBlockLocations, ... */
  ClientProtocol client();

  /** The datanode protocol, for simulated datanodes. */
  DatanodeProtocol datanodes() throws IOException;

  /** The namespace's identity, for datanode registration. */
  NamespaceInfo namespace() throws IOException;

  /** The block manager: only a NameNode in this process has one to reach; null otherwise. */
  BlockManager blockManager();

  /** What results record as the target: {@code in-process} or the NameNode's URI. */
  String describe();

  /** Stops what this object started (an in-process NameNode); never throws. */
  @Override
  void close();
}
