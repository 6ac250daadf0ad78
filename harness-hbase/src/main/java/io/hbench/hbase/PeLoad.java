package io.hbench.hbase;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
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
    return point.get(PeFields.CLIENTS);
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
    String headline = rangeScan ? PeFields.SCANS_PER_S : PeFields.ROWS_PER_S;
    String unit = rangeScan ? "scans/s" : "rows/s";
    double perCall = rangeScan ? 1 : PeSettings.batch(scope.options(), cmd);
    into.metric(Metric.of(headline, unit, r.callsPerSecond() * perCall, Metric.Better.HIGHER));
    Spread clients = r.clientSpread(perCall);
    if (clients != null && clients.n() > 1) {
      into.metric(Metric.of("client_" + headline + "_min", unit, clients.min(), Metric.Better.HIGHER));
      into.metric(Metric.of("client_" + headline + "_median", unit, clients.median(), Metric.Better.HIGHER));
      into.metric(Metric.of("client_" + headline + "_max", unit, clients.max(), Metric.Better.HIGHER));
    }
    if (rangeScan) {
      into.metric(Metric.of(PeClients.ROWS_RETURNED, Metric.COUNT, r.count(PeClients.ROWS_RETURNED),
          Metric.Better.NONE));
    }
  }
}
