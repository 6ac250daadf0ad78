package io.hbench.hbase;

import io.hbench.core.LoadFacts;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.ServerCalls;
import io.hbench.core.stats.Spread;

/**
 * hbase-pe's load: {@code --clients} clients per process, each with its own connection, making
 * one of PE's commands over its rows. Map task k's clients are numbered after the earlier tasks',
 * so that together they cover the rows as {@code --maps} x {@code --clients} clients in one
 * process would.
 */
final class PeLoad implements LoadSpec {

  @Override
  public String operation(OptionValues o, Point point) {
    return point.get(PeFields.COMMAND).op();
  }

  /** A write or delete covers its rows once, whatever the duration: they are then counted. */
  @Override
  public boolean timed(OptionValues o, Point point) {
    return LoadOptions.timed(o) && counted(point.get(PeFields.COMMAND));
  }

  /** Whether {@code cmd} runs by time when given one: every command but writes and deletes. */
  static boolean counted(PeCommand cmd) {
    return cmd.kind != PeCommand.Kind.WRITE && cmd.kind != PeCommand.Kind.DELETE;
  }

  /**
   * A get, or an unbuffered put ({@code --auto-flush}), of one row a call is one RegionServer
   * call; a batch or a buffered write is not one call's.
   */
  @Override
  public ServerCalls serverCalls(OptionValues o, Point point) {
    PeCommand cmd = point.get(PeFields.COMMAND);
    if (PeSettings.batch(o, cmd) != 1) {
      return ServerCalls.NONE;
    }
    return switch (cmd) {
      case SEQUENTIAL_READ, RANDOM_READ -> ServerCalls.NONE.regionServer(cmd.op(), "get");
      case SEQUENTIAL_WRITE, RANDOM_WRITE -> o.get(PeOptions.AUTO_FLUSH)
          ? ServerCalls.NONE.regionServer(cmd.op(), "put") : ServerCalls.NONE;
      default -> ServerCalls.NONE;
    };
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return point.get(LoadFacts.THREADS);
  }

  /** In {@link PeClients}, so that this class loads without HBase ({@code bench.jar --help}). */
  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    return PeClients.clients(scope);
  }

  /** The headline rate over the clients' common window, and the spread of each client's own. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    PeCommand cmd = scope.point().get(PeFields.COMMAND);
    boolean rangeScan = cmd.range > 0 || cmd == PeCommand.FILTER_SCAN;
    MetricKey headline = rangeScan ? PeFields.SCANS_PER_S : PeFields.ROWS_PER_S;
    double perCall = rangeScan ? 1 : PeSettings.batch(scope.options(), cmd);
    into.metric(headline.value(r.callsPerSecond() * perCall));
    Spread clients = r.clientSpread(perCall);
    if (clients != null && clients.n() > 1) {
      into.metric(PeFields.perClient(headline, "min").value(clients.min()));
      into.metric(PeFields.perClient(headline, "median").value(clients.median()));
      into.metric(PeFields.perClient(headline, "max").value(clients.max()));
    }
    if (rangeScan) {
      into.metric(PeFields.ROWS_RETURNED.value(r.count(PeClients.ROWS_RETURNED)));
    }
  }
}
