package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServerFingerprint;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Committed results files of every earlier form read back: {@code hbench.result/1}, and {@code
 * /2} with the servers' configurations inside each record (as written before configuration
 * lines) and as {@link io.hbench.core.result.ServerConfigLine}s (now). The /2 fixtures hold the
 * same real record (an fsops point on the embedded HA cluster with {@code --metrics}, paths
 * shortened).
 */
class SchemaFixturesTest {

  private static Path fixture(String name) throws Exception {
    return Path.of(SchemaFixturesTest.class.getResource("/schema-fixtures/" + name).toURI());
  }

  private static List<ResultRecord> both(String name) throws Exception {
    List<ResultRecord> read = ResultReader.read(fixture(name));
    assertEquals(new ObjectMapper().writeValueAsString(read), new ObjectMapper()
        .writeValueAsString(ResultReader.readAll(List.of(fixture(name)), w -> { })),
        "read line by line and read as a history: the same");
    return read;
  }

  @Test
  void schemaOneIsReadAsTheCurrentSchema() throws Exception {
    ResultRecord r = both("hbench.result-1.jsonl").get(0);
    assertEquals(ResultRecord.SCHEMA, r.schema());
    assertEquals(1000, r.phase("create").load("create").calls());
  }

  @Test
  void schemaTwoWithConfigurationsInsideOrAsLinesReadsTheSame() throws Exception {
    List<ResultRecord> inside = both("hbench.result-2-configs-inside.jsonl");
    List<ResultRecord> lines = both("hbench.result-2-config-lines.jsonl");
    ObjectMapper json = new ObjectMapper();
    assertEquals(json.writeValueAsString(inside), json.writeValueAsString(lines));
    ResultRecord r = lines.get(0);
    assertEquals("fsops", r.suite());
    assertEquals(5, r.environment().servers().size());
    for (ServerFingerprint s : r.environment().servers()) {
      assertNotNull(r.environment().serverConfigs().get(s.config()), s.node());
    }
    assertEquals(0, ServerDifferences.missingConfigurations(lines));
    // Both forms are what docs/result-schema.json describes.
    io.hbench.core.result.ResultSchema.assertValid(fixture("hbench.result-2-config-lines.jsonl"));
    io.hbench.core.result.ResultSchema.assertValid(fixture("hbench.result-2-configs-inside.jsonl"));
  }
}
