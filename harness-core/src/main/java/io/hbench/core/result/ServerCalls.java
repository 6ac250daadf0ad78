package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each of a load's operations asks of the servers, one call each, as its suite declares it
 * ({@link io.hbench.core.LoadSpec#serverCalls}): the NameNode RPC methods an fsops {@code exists}
 * makes ({@code getFileInfo}), the RegionServer operation a YCSB {@code read} is ({@code get}).
 * With {@code --metrics}, a call's time is taken apart with the server's own times of exactly
 * these ({@link io.hbench.core.daemons.CallTimes}); an operation the suite does not name (a
 * write that streams data, a buffered put, a scan of many RPCs) is not taken apart. Kept in the
 * load's phase as {@code server_calls}.
 *
 * @param nameNode per operation, the NameNode RPC methods (as {@code rpcdetailed} names them)
 *     one call makes, once each
 * @param regionServer per operation, the RegionServer operations one call makes, once each:
 *     {@code get}, {@code put}
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"namenode", "regionserver"})
public record ServerCalls(
    @JsonProperty("namenode") Map<String, List<String>> nameNode,
    @JsonProperty("regionserver") Map<String, List<String>> regionServer) {

  /** The field the load's phase keeps it as. */
  public static final Field<ServerCalls> FIELD = Field.json("server_calls", ServerCalls.class);

  /** No operation declared. */
  public static final ServerCalls NONE = new ServerCalls(Map.of(), Map.of());

  /** The RegionServer operations whose own time a RegionServer publishes per call. */
  public static final Set<String> REGION_SERVER_OPERATIONS = Set.of("get", "put");

  public ServerCalls {
    nameNode = sorted(nameNode);
    regionServer = sorted(regionServer);
  }

  /** These calls, with {@code op} making one call of each NameNode RPC {@code methods}. */
  public ServerCalls nameNode(String op, String... methods) {
    return new ServerCalls(with(nameNode, op, methods), regionServer);
  }

  /**
   * These calls, with {@code op} making one call of each RegionServer {@code operations} ({@link
   * #REGION_SERVER_OPERATIONS}).
   */
  public ServerCalls regionServer(String op, String... operations) {
    for (String o : operations) {
      if (!REGION_SERVER_OPERATIONS.contains(o)) {
        throw new IllegalArgumentException("no RegionServer time per call for '" + o + "'; known: "
            + REGION_SERVER_OPERATIONS);
      }
    }
    return new ServerCalls(nameNode, with(regionServer, op, operations));
  }

  // Sorted, so that the record says it the same way every run.
  private static Map<String, List<String>> sorted(Map<String, List<String>> m) {
    return m == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(m));
  }

  private static Map<String, List<String>> with(Map<String, List<String>> m, String op,
      String... calls) {
    if (calls.length == 0) {
      throw new IllegalArgumentException(op + ": no server call named");
    }
    Map<String, List<String>> out = new LinkedHashMap<>(m);
    out.put(op, List.of(calls));
    return out;
  }
}
