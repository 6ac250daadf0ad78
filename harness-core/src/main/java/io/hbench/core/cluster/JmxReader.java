package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticatedURL;
import org.apache.hadoop.security.authentication.client.KerberosAuthenticator;

/**
 * Reads a Hadoop daemon's beans from its {@code /jmx} servlet and its configuration from its
 * {@code /conf}: the one place hbench asks a daemon's HTTP server about itself. Under Kerberos the request authenticates with SPNEGO
 * (Hadoop's own authenticated URL client, as the logged-in user), as a kerberized cluster's web
 * endpoints require.
 */
@Internal
public final class JmxReader {

  /** How long a daemon has to connect and to answer; a slower one is noted as unreachable. */
  public static final int TIMEOUT_MILLIS = 3000;

  /** HiveServer2's servlet writes a gauge with no value yet as a bare NaN. */
  private static final ObjectMapper JSON = io.hbench.thirdparty.jackson.databind.json.JsonMapper.builder()
      .enable(io.hbench.thirdparty.jackson.core.json.JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

  private JmxReader() {}

  /**
   * The beans matching {@code query} (a JMX object name pattern, such as {@code Hadoop:*}) by
   * bean name.
   *
   * @throws IOException with a one-line reason when the daemon does not answer, refuses, or
   *     answers with something that is not its beans
   */
  public static Map<String, JsonNode> read(URI http, String query)
      throws IOException, InterruptedException {
    URL url = URI.create(http.toString().replaceAll("/+$", "") + "/jmx?qry="
        + URLEncoder.encode(query, StandardCharsets.UTF_8)).toURL();
    JsonNode tree = json(url);
    JsonNode beans = tree.path("beans");
    if (!beans.isArray()) {
      throw new IOException(url + " answered without beans");
    }
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (JsonNode bean : beans) {
      out.put(bean.path("name").asText(), bean);
    }
    return out;
  }

  /**
   * The daemon's effective configuration as its {@code /conf} servlet writes it (Hadoop's {@code
   * Configuration.writeXml}: each setting's value as set, and where it came from), loaded into a
   * configuration of its own. XML, not the servlet's JSON: parsed by the same Hadoop code the
   * client's own settings went through, the reads cost the client little more; parsing four
   * daemons' JSON dumps made the client compile about a second more of Jackson.
   *
   * @throws IOException with a one-line reason when the daemon does not answer or refuses
   */
  public static org.apache.hadoop.conf.Configuration conf(URI http)
      throws IOException, InterruptedException {
    URL url = URI.create(http.toString().replaceAll("/+$", "") + "/conf").toURL();
    byte[] xml = call(url, "text/xml", InputStream::readAllBytes);
    org.apache.hadoop.conf.Configuration c = new org.apache.hadoop.conf.Configuration(false);
    c.setQuietMode(true);
    c.addResource(new java.io.ByteArrayInputStream(xml), CONF_RESOURCE);
    try {
      c.size(); // loads it now: a malformed answer fails here, not at the first get
    } catch (RuntimeException e) {
      throw new IOException(url + " answered without a configuration", e);
    }
    return c;
  }

  /**
   * Any of a daemon's web service answers, as JSON ({@code /ws/v1/...}), with this reader's
   * timeouts, TLS and SPNEGO.
   *
   * @throws IOException with a one-line reason when the daemon does not answer or refuses
   */
  public static JsonNode webService(URI url) throws IOException {
    return json(url.toURL());
  }

  /** As {@link #webService}, a text answer (a container's log). */
  public static String text(URI url) throws IOException {
    return call(url.toURL(), "text/plain",
        in -> new String(in.readAllBytes(), StandardCharsets.UTF_8));
  }

  /** The name a configuration read from a daemon's {@code /conf} is loaded under. */
  public static final String CONF_RESOURCE = "hbench-daemon-conf";

  private static JsonNode json(URL url) throws IOException {
    return call(url, "application/json", JSON::readTree);
  }

  /** What a body is read into. */
  private interface Body<T> {
    T read(InputStream in) throws IOException;
  }

  private static <T> T call(URL url, String accept, Body<T> body) throws IOException {
    try {
      return UserGroupInformation.isSecurityEnabled()
          ? UserGroupInformation.getLoginUser().doAs(
              (PrivilegedExceptionAction<T>) () -> get(url, true, accept, body))
          : get(url, false, accept, body);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
    }
  }

  private static HttpURLConnection withTimeouts(HttpURLConnection c) throws IOException {
    c.setConnectTimeout(TIMEOUT_MILLIS);
    c.setReadTimeout(TIMEOUT_MILLIS);
    if (c instanceof javax.net.ssl.HttpsURLConnection https) {
      // An HTTPS-only cluster's web servers: trusted as every Hadoop client trusts them, by the
      // truststore its ssl-client.xml names.
      org.apache.hadoop.security.ssl.SSLFactory ssl = ssl();
      try {
        https.setSSLSocketFactory(ssl.createSSLSocketFactory());
      } catch (java.security.GeneralSecurityException e) {
        throw new IOException("TLS: " + e.getMessage(), e);
      }
      https.setHostnameVerifier(ssl.getHostnameVerifier());
    }
    return c;
  }

  private static org.apache.hadoop.security.ssl.SSLFactory ssl;

  /**
   * Hadoop's client TLS settings ({@code ssl-client.xml} on the class path, as in {@code
   * HADOOP_CONF_DIR}), made once, at the first HTTPS read only.
   */
  private static synchronized org.apache.hadoop.security.ssl.SSLFactory ssl() throws IOException {
    if (ssl == null) {
      org.apache.hadoop.security.ssl.SSLFactory f = new org.apache.hadoop.security.ssl.SSLFactory(
          org.apache.hadoop.security.ssl.SSLFactory.Mode.CLIENT,
          new org.apache.hadoop.conf.Configuration());
      try {
        f.init();
      } catch (java.security.GeneralSecurityException e) {
        throw new IOException("TLS: " + e.getMessage(), e);
      }
      ssl = f;
    }
    return ssl;
  }

  private static <T> T get(URL url, boolean spnego, String accept, Body<T> body)
      throws IOException {
    HttpURLConnection c;
    if (spnego) {
      try {
        // The handshake connects inside openConnection: its timeouts are set by the configurator.
        c = new AuthenticatedURL(new KerberosAuthenticator(), JmxReader::withTimeouts)
            .openConnection(url, new AuthenticatedURL.Token());
      } catch (org.apache.hadoop.security.authentication.client.AuthenticationException e) {
        throw new IOException("SPNEGO: " + e.getMessage(), e);
      }
    } else {
      c = withTimeouts((HttpURLConnection) url.openConnection());
    }
    c.setRequestProperty("Accept", accept);
    try {
      int code = c.getResponseCode();
      if (code != 200) {
        throw new IOException("HTTP " + code + " from " + url);
      }
      try (InputStream in = c.getInputStream()) {
        return body.read(in);
      }
    } finally {
      // Not kept alive: a connection pooled across a daemon's restart answered nothing once
      // (FaultsIT: a NameNode restart went unseen, the next point met its safe mode).
      c.disconnect();
    }
  }
}
