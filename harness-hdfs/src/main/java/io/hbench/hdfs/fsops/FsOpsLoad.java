package io.hbench.hdfs.fsops;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.ServerCalls;
import java.io.IOException;

/**
 * fsops's load: {@code --threads} clients per process, client c on {@code test_c}, each making
 * {@code --iterations} calls of one operation. The same in this process and in every map task of
 * {@code --maps}. Like every load, it loads without Hadoop: the clients are opened by {@link
 * FsOpsCalls}.
 */
final class FsOpsLoad implements LoadSpec {

  /** Under the base directory: the clients' files, kept between runs for the reads. */
  static final String DATA = "data";

  @Override
  public String operation(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP).text();
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP) == FsOperation.CLEAN ? 1 : o.get(FsOpsOptions.THREADS);
  }

  /**
   * On HDFS, the NameNode methods of the operations that only ask it; create_write and the
   * reads move data, and only their open (a step) is one NameNode call.
   */
  @Override
  public ServerCalls serverCalls(OptionValues o, Point point) {
    return switch (o.get(FsOpsOptions.OP)) {
      case EXISTS -> ServerCalls.NONE.nameNode("exists", "getFileInfo");
      case RENAME -> ServerCalls.NONE.nameNode("rename", "rename", "rename2");
      case LIST -> ServerCalls.NONE.nameNode("list", "getListing");
      case DELETE -> ServerCalls.NONE.nameNode("delete", "delete");
      case MKDIRS -> ServerCalls.NONE.nameNode("mkdirs", "mkdirs");
      case OPEN_READ, SINGLE_READ, PREFETCH_READ ->
          ServerCalls.NONE.nameNode("open", "getBlockLocations");
      case CREATE_WRITE, CLEAN -> ServerCalls.NONE;
    };
  }

  /** In {@link FsOpsCalls}, so that this class loads without Hadoop ({@code bench.jar --help}). */
  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    return FsOpsCalls.clients(scope);
  }

  /** fs_benchmark_tool's summed times, which no comparison reads. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    FsOperation op = scope.options().get(FsOpsOptions.OP);
    double callSeconds = seconds(r.tally().stats(op.text()).timedNanos());
    switch (op.kind) {
      case WRITE -> into.figure(FsOpsFields.WRITE_TIME, callSeconds);
      case READ -> into.figure(FsOpsFields.OPEN_READER_TIME,
          seconds(r.tally().stats("open").timedNanos())).figure(FsOpsFields.READ_TIME, callSeconds);
      case META -> into.figure(FsOpsFields.CALL_TIME, callSeconds);
    }
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e3) / 1e6;
  }
}
