package io.hbench.hive;

import io.hbench.core.RunContext;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;

/**
 * TPC-H's data as {@code |}-delimited text, made by map tasks with the tpch library's generator
 * ({@link TextTables}): nation and region whole, the other six in as many pieces as maps.
 */
final class TpchData {

  /** The eight tables in the order they are generated and loaded. */
  static final List<String> TABLES =
      List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");

  /** Raw bytes per unit of scale, roughly (SF 1: 1.07 GB of text); for splits and defaults. */
  static final long BYTES_PER_SCALE = 1_100_000_000L;

  private TpchData() {}

  /** The tpch library's tables, each row the line its {@code toLine} writes. */
  static final TextTables.Generator GENERATOR = new TextTables.Generator() {
    @Override
    public List<String> tables() {
      return TABLES;
    }

    @Override
    public boolean whole(String table, double scale) {
      return table.equals("nation") || table.equals("region");
    }

    @Override
    public Iterable<String> lines(String table, double scale, int piece, int pieces) {
      Iterable<? extends TpchEntity> rows = table(table).createGenerator(scale, piece, pieces);
      return () -> {
        Iterator<? extends TpchEntity> it = rows.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public String next() {
            return it.next().toLine();
          }
        };
      };
    }
  };

  /**
   * Runs the generation as the phase {@code generate} into {@link #raw}: {@code maps} pieces of
   * each table (the small nation and region in one), one per map task.
   */
  static TextTables.Generated generate(RunContext ctx, BigDecimal scale, int maps) throws Exception {
    int parts = Math.max(1, maps);
    ctx.param(TpchFields.GEN_MAPS, parts);
    return TextTables.generate(ctx, "hbench tpch generate sf" + scale.toPlainString(), GENERATOR,
        parts, Math.max(1, scale.multiply(BigDecimal.valueOf(BYTES_PER_SCALE)).longValue()),
        GenerateMapper.class);
  }

  /** The tpch library's table of that name. */
  static TpchTable<?> table(String name) {
    return TpchTable.getTable(name);
  }

  /** Writes piece k of every table. */
  public static final class GenerateMapper extends TextTables.PieceMapper {
    @Override
    TextTables.Generator generator() {
      return GENERATOR;
    }
  }
}
