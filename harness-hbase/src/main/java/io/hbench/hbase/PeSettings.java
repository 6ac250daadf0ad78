package io.hbench.hbase;

import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import org.apache.hadoop.hbase.client.Durability;

/**
 * Everything a client needs to make one point's calls, the same in this process and in a map
 * task, where it is made again from the options and the point ({@link #of}).
 *
 * @param command the workload
 * @param table the table's name
 * @param rows rows (calls, for most commands) per client
 * @param tableRows rows the table holds: keys {@code 0 .. tableRows-1}
 * @param families column families, {@code info0 ..}
 * @param columns columns per family, {@code 0 ..}
 * @param valueSize bytes per value
 * @param seed the table's value seed
 * @param batch rows per call: {@code --multi-put} or {@code --multi-get}, else 1
 * @param autoFlush each write is sent at once ({@code Table.put}) rather than buffered
 * @param writeBuffer bytes a client buffers before it flushes
 * @param caching rows per scanner RPC
 * @param wal durability of every mutation
 * @param async HBase's async client rather than the blocking one
 * @param sampleRate share of rows a read command reads
 * @param threads clients in this process (or task)
 * @param firstClient the number of this process's first client among all clients
 */
record PeSettings(PeCommand command, String table, long rows, long tableRows, int families,
    int columns, int valueSize, long seed, int batch, boolean autoFlush, long writeBuffer,
    int caching, Durability wal, boolean async, double sampleRate, int threads, int firstClient) {

  /** Whether writes go through a client-side buffer that hbench flushes itself. */
  boolean buffered() {
    return command.kind == PeCommand.Kind.WRITE && !autoFlush;
  }

  /** Calls each client makes to cover its rows (in count mode). */
  long callsPerClient() {
    return switch (command) {
      case SEQUENTIAL_READ, RANDOM_READ -> Math.max(1, (long) Math.ceil(rows * sampleRate)) / batch;
      case SEQUENTIAL_WRITE, RANDOM_WRITE -> rows / batch;
      default -> rows;
    };
  }

  /** Client {@code client}'s first row. */
  long firstRow(int client) {
    return Math.floorMod(client * rows, tableRows);
  }

  /**
   * The settings of a point's clients {@code firstClient} to {@code firstClient + threads - 1},
   * from the options, the point and the rows its table holds: the same in this process and in a
   * map task.
   */
  static PeSettings of(OptionValues o, Point point, long tableRows, int threads, int firstClient) {
    PeCommand cmd = point.get(PeFields.COMMAND);
    PeTable.Layout layout = HBasePeBenchmark.layout(o);
    return new PeSettings(cmd, o.get(PeOptions.TABLE), point.get(PeFields.ROWS_PER_CLIENT),
        tableRows, layout.families(), layout.columns(), layout.valueSize(), layout.seed(),
        batch(o, cmd), o.get(PeOptions.AUTO_FLUSH), o.get(PeOptions.WRITE_BUFFER).bytes(),
        o.get(PeOptions.CACHING), Durability.valueOf(o.get(PeOptions.WAL).durability),
        o.get(PeOptions.ASYNC), cmd.kind == PeCommand.Kind.READ ? o.get(PeOptions.SAMPLE_RATE) : 1,
        threads, firstClient);
  }

  /** Rows per call: {@code --multi-put} for writes, {@code --multi-get} for reads, else 1. */
  static int batch(OptionValues o, PeCommand cmd) {
    return cmd.kind == PeCommand.Kind.WRITE ? Math.max(1, o.get(PeOptions.MULTI_PUT))
        : cmd.kind == PeCommand.Kind.READ ? Math.max(1, o.get(PeOptions.MULTI_GET)) : 1;
  }
}
