package io.hbench.core.cluster;

import io.hbench.core.InvalidInputException;
import java.util.Locale;

/** Which cluster a run uses ({@code --cluster}). */
public enum ClusterMode {
  /** The configured cluster if one is configured, else the embedded one. */
  AUTO,
  /** Always the embedded in-process cluster (MiniDFSCluster + MiniYARNCluster). */
  MINI,
  /** The embedded cluster on an in-process Ozone store ({@code --cluster mini-ozone}). */
  MINI_OZONE,
  /** Always the configured cluster; fails when none is configured. */
  CONF;

  /** The name as typed on the command line ({@code mini-ozone}). */
  public String text() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static ClusterMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "invalid value '" + text + "' for --cluster: use auto, mini, mini-ozone or conf");
    }
  }
}
