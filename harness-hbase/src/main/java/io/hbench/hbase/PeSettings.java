package io.hbench.hbase;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Durability;

/**
 * Everything a client needs to make one point's calls, the same in this process and in a map
 * task (where it travels in the job's configuration).
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

  private static final String P = "hbench.hbase-pe.";

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

  /** The settings of map task {@code task}: its clients are numbered after the earlier tasks'. */
  PeSettings forTask(int task) {
    return new PeSettings(command, table, rows, tableRows, families, columns, valueSize, seed,
        batch, autoFlush, writeBuffer, caching, wal, async, sampleRate, threads, task * threads);
  }

  void store(Configuration c) {
    c.set(P + "command", command.text);
    c.set(P + "table", table);
    c.setLong(P + "rows", rows);
    c.setLong(P + "table-rows", tableRows);
    c.setInt(P + "families", families);
    c.setInt(P + "columns", columns);
    c.setInt(P + "value-size", valueSize);
    c.setLong(P + "seed", seed);
    c.setInt(P + "batch", batch);
    c.setBoolean(P + "auto-flush", autoFlush);
    c.setLong(P + "write-buffer", writeBuffer);
    c.setInt(P + "caching", caching);
    c.set(P + "wal", wal.name());
    c.setBoolean(P + "async", async);
    c.set(P + "sample-rate", Double.toString(sampleRate));
    c.setInt(P + "threads", threads);
  }

  static PeSettings load(Configuration c) {
    return new PeSettings(PeCommand.parse(c.get(P + "command")), c.get(P + "table"),
        c.getLong(P + "rows", 0), c.getLong(P + "table-rows", 0), c.getInt(P + "families", 1),
        c.getInt(P + "columns", 1), c.getInt(P + "value-size", 1000), c.getLong(P + "seed", 0),
        c.getInt(P + "batch", 1), c.getBoolean(P + "auto-flush", false),
        c.getLong(P + "write-buffer", 2 << 20), c.getInt(P + "caching", 30),
        Durability.valueOf(c.get(P + "wal", Durability.SYNC_WAL.name())),
        c.getBoolean(P + "async", false), Double.parseDouble(c.get(P + "sample-rate", "1")),
        c.getInt(P + "threads", 1), 0);
  }
}
