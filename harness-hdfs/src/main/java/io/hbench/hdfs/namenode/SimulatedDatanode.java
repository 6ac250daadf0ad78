package io.hbench.hdfs.namenode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.security.token.block.ExportedBlockKeys;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.protocol.BlockReportContext;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.DatanodeRegistration;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.hdfs.server.protocol.ReceivedDeletedBlockInfo;
import org.apache.hadoop.hdfs.server.protocol.SlowDiskReports;
import org.apache.hadoop.hdfs.server.protocol.SlowPeerReports;
import org.apache.hadoop.hdfs.server.protocol.StorageBlockReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReceivedDeletedBlocks;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.util.VersionInfo;

/**
 * A datanode that exists only as the messages it sends: it registers, heartbeats, acknowledges
 * the blocks the NameNode places on it and sends full block reports, but stores nothing. Its
 * transfer port is its number plus one, which is how a block's location is mapped back to it.
 */
final class SimulatedDatanode {

  /** What each reports as its capacity, free: enough for any number of 16-byte blocks. */
  private static final long CAPACITY = 100L << 20;

  private final int number;
  private final int capacity;
  private final List<BlockListAsLongs.BlockReportReplica> blocks = new ArrayList<>();
  private DatanodeRegistration registration;
  private DatanodeStorage storage;
  private BlockListAsLongs report;

  /**
   * @param number this datanode's number, from 0
   * @param capacity blocks in each full report: the blocks placed here, padded with blocks the
   *     NameNode does not know, as NNThroughputBenchmark pads its reports
   */
  SimulatedDatanode(int number, int capacity) {
    this.number = number;
    this.capacity = capacity;
  }

  /** The datanode a transfer port belongs to. */
  static int numberOfPort(int xferPort) {
    return xferPort - 1;
  }

  /** Registers with the NameNode and sends an empty first report and a heartbeat. */
  void register(DatanodeProtocol nn, NamespaceInfo ns) throws IOException {
    DatanodeID id =
        new DatanodeID("127.0.0.1", "localhost", DataNode.generateUuid(), number + 1, 9864, 9865, 9867);
    DatanodeRegistration reg =
        new DatanodeRegistration(id, new DataStorage(ns), new ExportedBlockKeys(), VersionInfo.getVersion());
    registration = nn.registerDatanode(reg);
    registration.setNamespaceInfo(ns);
    storage = new DatanodeStorage(DatanodeStorage.generateUuid());
    nn.blockReport(registration, ns.getBlockPoolID(),
        new StorageBlockReport[] {new StorageBlockReport(storage, BlockListAsLongs.EMPTY)},
        new BlockReportContext(1, 0, System.nanoTime(), 0L));
    heartbeat(nn);
  }

  void heartbeat(DatanodeProtocol nn) throws IOException {
    nn.sendHeartbeat(registration,
        new StorageReport[] {new StorageReport(storage, false, CAPACITY, 0, CAPACITY, 0, 0)},
        0L, 0L, 0, 0, 0, null, true, SlowPeerReports.EMPTY_REPORT, SlowDiskReports.EMPTY_REPORT);
  }

  /** Takes a block the NameNode placed here and tells it the block was received. */
  void received(DatanodeProtocol nn, String blockPool, Block block) throws IOException {
    if (blocks.size() < capacity) {
      blocks.add(new BlockListAsLongs.BlockReportReplica(block));
    }
    nn.blockReceivedAndDeleted(registration, blockPool,
        new StorageReceivedDeletedBlocks[] {
          new StorageReceivedDeletedBlocks(storage,
              new ReceivedDeletedBlockInfo[] {
                new ReceivedDeletedBlockInfo(block, ReceivedDeletedBlockInfo.BlockStatus.RECEIVED_BLOCK, null)
              })
        });
  }

  /** Builds the full report: the blocks received, then unknown ones up to the capacity. */
  void prepareReport() {
    List<BlockListAsLongs.BlockReportReplica> all = new ArrayList<>(blocks);
    for (long id = 1; all.size() < capacity; id++) {
      all.add(new BlockListAsLongs.BlockReportReplica(new Block(id, 0, 0)));
    }
    report = BlockListAsLongs.encode(all);
  }

  /** Sends the full report: the timed call of the blockReport operation. */
  void sendReport(DatanodeProtocol nn, String blockPool) throws IOException {
    nn.blockReport(registration, blockPool,
        new StorageBlockReport[] {new StorageBlockReport(storage, report)},
        new BlockReportContext(1, 0, System.nanoTime(), 0L));
  }

  /** Blocks received and kept for the report. */
  int blocks() {
    return blocks.size();
  }

  /** This datanode's address as the exclude file names it ({@code ip:port}). */
  String transferAddress() {
    return registration.getXferAddr();
  }
}
