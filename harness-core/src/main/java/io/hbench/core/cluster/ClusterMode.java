package io.hbench.core.cluster;

import io.hbench.core.InvalidInputException;
import java.util.Locale;

/** Which cluster a run uses ({@code --cluster}). */
public enum ClusterMode {
  /** The configured cluster if one is configured, else the embedded one. */
  AUTO,
  /** Always the embedded in-process cluster. */
  MINI,
  /** Always the configured cluster; fails when none is configured. */
  CONF;

  public static ClusterMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "invalid value '" + text + "' for --cluster: use auto, mini or conf");
    }
  }
}
