package io.hbench.hbase;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.size.Size;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench hbase-pe}'s options, by PE's names where PE has one; where the clients run
 * ({@code --maps}) and how they are driven are the core's load options.
 */
final class PeOptions {

  /** PE's default rows per client: 1 GiB of 1000-byte values (DEFAULT_ROWS_PER_GB). */
  static final long PE_DEFAULT_ROWS = 1_048_576;

  static final BenchmarkOption<List<PeCommand>> COMMAND =
      BenchmarkOption.of("--command", "COMMAND", "PE's command, a comma-separated list, or all"
          + " (run in order as points, writes first): " + PeCommand.names() + ".", null,
          PeCommand::parseList).positional();
  static final BenchmarkOption<List<Long>> ROWS =
      BenchmarkOption.list("--rows", "N[,N...]", "Rows per client (PE's --rows); a list sweeps."
          + " Reads and scans read this many rows (or make this many scans) per client from"
          + " the rows the table holds. auto: " + PE_DEFAULT_ROWS + " (PE's), or from --size.",
          "auto", PeOptions::rows);
  static final BenchmarkOption<Size> SIZE =
      BenchmarkOption.sizeOrAuto("--size", "Total size of the values instead of --rows, e.g."
          + " 1G: rows per client = size / (value size x columns x families) / clients.");
  static final BenchmarkOption<List<Integer>> CLIENTS =
      BenchmarkOption.list("--clients", "N[,N...]", "Client threads in this process (in each"
          + " map task with --maps), each with its own connection, as PE's clients; a list"
          + " sweeps.", "1", t -> positive("--clients", t));
  static final BenchmarkOption<Integer> VALUE_SIZE =
      BenchmarkOption.integer("--value-size", "Bytes per value (PE's --valueSize).", "1000", 1);
  static final BenchmarkOption<Integer> COLUMNS =
      BenchmarkOption.integer("--columns", "Columns per family (PE's --columns).", "1", 1);
  static final BenchmarkOption<Integer> FAMILIES =
      BenchmarkOption.integer("--families", "Column families info0.. (PE's --families).", "1", 1);
  static final BenchmarkOption<Integer> PRESPLIT =
      BenchmarkOption.integer("--presplit", "Regions a write creates the table with, split at"
          + " PE's points (PE's --presplit); 0: one region.", "0", 0);
  static final BenchmarkOption<Boolean> AUTO_FLUSH =
      BenchmarkOption.flag("--auto-flush", "Send each write at once (Table.put), as PE's"
          + " --autoFlush=true; otherwise writes are buffered and flushed every --write-buffer.");
  static final BenchmarkOption<Integer> MULTI_PUT =
      BenchmarkOption.integer("--multi-put", "Rows per put call (Table.put(List)); needs"
          + " --auto-flush, as in PE. 0: one.", "0", 0);
  static final BenchmarkOption<Integer> MULTI_GET =
      BenchmarkOption.integer("--multi-get", "Rows per get call of the read commands"
          + " (Table.get(List)). 0: one.", "0", 0);
  static final BenchmarkOption<Size> WRITE_BUFFER =
      BenchmarkOption.size("--write-buffer", "Bytes a client buffers before it flushes"
          + " (PE's --bufferSize).", "2M");
  static final BenchmarkOption<Integer> CACHING =
      BenchmarkOption.integer("--caching", "Rows per scanner RPC (PE's --caching).", "30", 1);
  static final BenchmarkOption<String> COMPRESS =
      BenchmarkOption.of("--compress", "ALGO", "Compression of the table a write creates:"
          + " NONE, GZ, SNAPPY, LZ4, ZSTD, ... (the cluster must have the codec).", "NONE",
          t -> t.toUpperCase(Locale.ROOT));
  static final BenchmarkOption<String> BLOCK_ENCODING =
      BenchmarkOption.choice("--block-encoding", "Data block encoding of the table a write"
          + " creates.", "NONE", "NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1");
  static final BenchmarkOption<String> BLOOM =
      BenchmarkOption.choice("--bloom", "Bloom filter of the table a write creates.", "ROW",
          "NONE", "ROW", "ROWCOL", "ROWPREFIX_FIXED_LENGTH");
  static final BenchmarkOption<Boolean> IN_MEMORY =
      BenchmarkOption.flag("--in-memory", "Mark the families IN_MEMORY (PE's --inmemory).");
  /**
   * {@code --wal}: HBase's {@code Durability} by name, so that options (and {@code --help}) load
   * no HBase class: bench.jar lists this suite on a machine without HBase.
   */
  enum Wal {
    ON("SYNC_WAL"),
    OFF("SKIP_WAL"),
    ASYNC("ASYNC_WAL");

    final String durability;

    Wal(String durability) {
      this.durability = durability;
    }

    String text() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final BenchmarkOption<Wal> WAL =
      BenchmarkOption.choice("--wal", "on|off|async", "Write-ahead log of every mutation: on"
          + " (SYNC_WAL), off (SKIP_WAL, PE's --writeToWAL=false) or async (ASYNC_WAL).", "on",
          List.of(Wal.values()), Wal::text);
  static final BenchmarkOption<Integer> REPLICAS =
      BenchmarkOption.integer("--replicas", "Region replicas of the table a write creates.", "1", 1);
  static final BenchmarkOption<String> TABLE =
      BenchmarkOption.text("--table", "NAME", "The table. A write creates it (dropping it first"
          + " only if hbench created it); other commands need it.", "hbench_pe");
  static final BenchmarkOption<Boolean> KEEP_TABLE =
      BenchmarkOption.flag("--keep-table", "Keep the table a write created after the run, for"
          + " later read runs (it is dropped otherwise; --keep keeps it too).");
  static final BenchmarkOption<Double> SAMPLE_RATE =
      BenchmarkOption.decimal("--sample-rate", "RATE", "Share of its rows each client of a read"
          + " command reads (PE's --sampleRate), 0 < RATE <= 1.", "1", 0);
  static final BenchmarkOption<Boolean> ASYNC =
      BenchmarkOption.flag("--async", "Make the read, write and scan calls on HBase's async"
          + " client (AsyncTable, AsyncBufferedMutator), one call at a time per client.");
  static final BenchmarkOption<Integer> SEED =
      BenchmarkOption.integer("--seed", "Seed of the values and of the rows random commands"
          + " draw (with the client's number): the same options read the same rows. A read checks"
          + " values against the seed its table was written with.", "1", 0);

  static List<BenchmarkOption<?>> all() {
    return List.of(COMMAND, ROWS, SIZE, CLIENTS, VALUE_SIZE, COLUMNS, FAMILIES, PRESPLIT,
        AUTO_FLUSH, MULTI_PUT, MULTI_GET, WRITE_BUFFER, CACHING, COMPRESS, BLOCK_ENCODING, BLOOM,
        IN_MEMORY, WAL, REPLICAS, TABLE, KEEP_TABLE, SAMPLE_RATE, ASYNC, SEED);
  }

  private PeOptions() {}

  private static Long rows(String t) {
    return t.equalsIgnoreCase(BenchmarkOption.AUTO) ? -1L : BenchmarkOption.count("--rows", t, 1);
  }

  private static Integer positive(String name, String t) {
    try {
      int n = Integer.parseInt(t);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new InvalidInputException("invalid value '" + t + "' for " + name + ": a whole number of at least 1");
  }
}
