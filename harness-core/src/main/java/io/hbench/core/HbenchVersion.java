package io.hbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The hbench version, from the build, as records and tables carried by hbench's own data say it. */
public final class HbenchVersion {

  private HbenchVersion() {}

  /** The version this build of hbench is, or {@code unknown}. */
  public static String get() {
    try (InputStream in = HbenchVersion.class.getResourceAsStream("version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
