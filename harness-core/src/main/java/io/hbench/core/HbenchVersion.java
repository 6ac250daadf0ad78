package io.hbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The hbench version, from the build ({@link BenchmarkRunner#version} gives it publicly). */
final class HbenchVersion {

  private HbenchVersion() {}

  static String get() {
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
