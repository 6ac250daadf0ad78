package io.hbench.core.result;

import io.hbench.core.error.InvalidInputException;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.SerializationFeature;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import io.hbench.thirdparty.jackson.databind.node.TextNode;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.Map;

/**
 * The one writer of result records: appends each record as one JSON line and forces it to disk
 * before returning, so a crash loses nothing already measured. Existing content is never
 * truncated. A record's server configurations ({@link Environment#serverConfigs()}) are not
 * written inside it: each distinct one is written once per file, as a {@link ServerConfigLine}
 * before the first record that names it, and readers put it back.
 */
public final class ResultWriter implements Closeable {

  static final ObjectMapper JSON =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  /** The field holding an {@link OperationLoad}'s encoded histogram. */
  private static final String HISTOGRAM = "histogram";

  private final Path file;
  private final FileChannel channel;
  /** The keys of the configurations the file holds; read from it when first needed. */
  private java.util.Set<String> configsInFile;

  private ResultWriter(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /**
   * Checks, without creating anything, that {@code file} could be written: it is not a directory,
   * and it or its nearest existing ancestor directory is writable.
   */
  public static void checkWritable(Path file) {
    Path abs = file.toAbsolutePath();
    if (Files.isDirectory(abs)) {
      throw new InvalidInputException("results file " + file + " is a directory");
    }
    if (Files.exists(abs)) {
      if (!Files.isWritable(abs) || probe(abs) != null) {
        throw new InvalidInputException("results file " + file + " is not writable");
      }
      return;
    }
    Path dir = abs.getParent();
    while (dir != null && !Files.exists(dir)) {
      dir = dir.getParent();
    }
    if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)
        || (dir.equals(abs.getParent()) && probe(abs) != null)) {
      throw new InvalidInputException(
          "results file " + file + " cannot be created: " + dir + " is not a writable directory");
    }
  }

  /**
   * Tries to write {@code file}, leaving it as it was: an existing file is opened for appending
   * and closed; a missing one (its directory existing) is created and deleted. Returns why it
   * cannot be written, or null when it can. Permission bits do not tell (root may write nearly
   * anything, and a read-only file system refuses root too): only a try does.
   */
  public static String probe(Path file) {
    try {
      if (Files.exists(file)) {
        FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND).close();
      } else {
        Files.createFile(file);
        Files.delete(file);
      }
      return null;
    } catch (java.nio.file.AccessDeniedException | SecurityException e) {
      return "permission denied";
    } catch (java.nio.file.NoSuchFileException e) {
      return "the file system there takes no new file";
    } catch (java.nio.file.FileSystemException e) {
      return e.getReason() != null ? e.getReason() : "the file system refused it";
    } catch (IOException e) {
      return e.getMessage() == null ? "the file system refused it" : e.getMessage();
    }
  }

  /** Opens {@code file} for appending, creating it and its parent directories if needed. */
  public static ResultWriter open(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    FileChannel ch =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    return new ResultWriter(file, ch);
  }

  /**
   * Appends one record and fsyncs it. Each text value passes through {@link
   * SecretRedactor#redactText} (a failure message or a check's detail may quote a setting's
   * value), except the histograms: Base64 is not text, and {@code ...Token==} in one would read as
   * a secret-named {@code key=value} and be corrupted.
   */
  public synchronized void append(ResultRecord record) throws IOException {
    StringBuilder lines = new StringBuilder();
    Map<String, Map<String, String>> configs =
        record.environment() == null ? null : record.environment().serverConfigs();
    if (configs != null) {
      if (configsInFile == null) {
        configsInFile = configKeys(file);
      }
      for (Map.Entry<String, Map<String, String>> c : configs.entrySet()) {
        if (!configsInFile.contains(c.getKey())) {
          lines.append(line(JSON.valueToTree(ServerConfigLine.of(c.getKey(), c.getValue()))));
        }
      }
    }
    JsonNode tree = JSON.valueToTree(record);
    if (tree.get("environment") instanceof ObjectNode environment) {
      environment.remove("server_configs");
    }
    lines.append(line(tree));
    ByteBuffer buf = ByteBuffer.wrap(lines.toString().getBytes(StandardCharsets.UTF_8));
    while (buf.hasRemaining()) {
      channel.write(buf);
    }
    channel.force(true);
    if (configs != null) {
      configsInFile.addAll(configs.keySet());
    }
  }

  /** {@code tree} as one line of the file, its text redacted. */
  private static String line(JsonNode tree) throws IOException {
    redactText(tree);
    return JSON.writeValueAsString(tree) + "\n";
  }

  /**
   * The keys of the configuration lines {@code file} holds: appending to a file of earlier runs
   * writes none of them again. Only the start of each line is looked at.
   */
  private static java.util.Set<String> configKeys(Path file) throws IOException {
    java.util.Set<String> keys = new java.util.HashSet<>();
    if (!Files.exists(file)) {
      return keys;
    }
    try (java.io.InputStream in = Files.newInputStream(file)) {
      byte[] buf = new byte[1 << 20];
      int filled = 0;
      while (true) {
        int n = in.read(buf, filled, buf.length - filled);
        if (n > 0) {
          filled += n;
        }
        int lineStart = 0;
        for (int i = 0; i < filled; i++) {
          if (buf[i] == '\n') {
            configKey(buf, lineStart, i, keys);
            lineStart = i + 1;
          }
        }
        if (n < 0) {
          configKey(buf, lineStart, filled, keys);
          return keys;
        }
        if (lineStart == 0 && filled == buf.length) {
          buf = java.util.Arrays.copyOf(buf, buf.length * 2);  // a line longer than the buffer
        } else {
          System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
          filled -= lineStart;
        }
      }
    }
  }

  private static void configKey(byte[] b, int from, int to, java.util.Set<String> keys) {
    if (ServerConfigLine.startsAt(b, from, to)) {
      try {
        keys.add(JSON.readValue(b, from, to - from, ServerConfigLine.class).key());
      } catch (IOException e) {
        // A configuration line cut short by a crash: written again with its next record.
      }
    }
  }

  private static void redactText(JsonNode node) {
    if (node instanceof ObjectNode object) {
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> f = fields.next();
        if (f.getValue().isTextual()) {
          if (!f.getKey().equals(HISTOGRAM)) {
            f.setValue(TextNode.valueOf(SecretRedactor.redactText(f.getValue().textValue())));
          }
        } else {
          redactText(f.getValue());
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        if (array.get(i).isTextual()) {
          array.set(i, TextNode.valueOf(SecretRedactor.redactText(array.get(i).textValue())));
        } else {
          redactText(array.get(i));
        }
      }
    }
  }

  public Path file() {
    return file;
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }
}
