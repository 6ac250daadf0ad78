package io.hbench.hdfs.replay;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The audit log's commands that the {@code FileSystem} API can make, each as the one call that
 * makes the NameNode log the same command again: Dynamometer's fourteen, and listStatus as one
 * page (one {@code getListing}, which is what each listStatus line of the log was), getAclStatus,
 * setAcl, removeAcl, truncate, getStoragePolicy. A command not here is counted as unsupported by
 * name, never dropped silently.
 *
 * <p>A call returns false when its target was not there (a missing file, a rename or delete that
 * found nothing): the command is then invalid, counted by type, as Dynamometer counts it.
 */
enum ReplayedCall {
  APPEND("append", done((fs, src, dst, c) -> fs.append(src).close())),
  CREATE("create", done((fs, src, dst, c) -> fs.create(src, true).close())),
  GETFILEINFO("getfileinfo", done((fs, src, dst, c) -> fs.getFileStatus(src))),
  CONTENT_SUMMARY("contentSummary", done((fs, src, dst, c) -> fs.getContentSummary(src))),
  MKDIRS("mkdirs", (fs, src, dst, c) -> fs.mkdirs(src, permission(c, FsPermission.getDirDefault()))),
  RENAME("rename", (fs, src, dst, c) -> fs.rename(src, dst)),
  RENAME_OVERWRITE("rename (options=[OVERWRITE])", done((fs, src, dst, c) -> {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      throw new UnsupportedOperationException("rename with options on " + fs.getScheme());
    }
    dfs.rename(src, dst, Options.Rename.OVERWRITE);
  })),
  LIST_STATUS("listStatus", (fs, src, dst, c) -> {
    if (fs instanceof DistributedFileSystem dfs) {
      // One page, one getListing: each page of a long listing is its own line in the log.
      return dfs.getClient().listPaths(dfs.makeQualified(src).toUri().getPath(),
          HdfsFileStatus.EMPTY_NAME) != null;
    }
    fs.listStatus(src);
    return true;
  }),
  DELETE("delete", (fs, src, dst, c) -> fs.delete(src, true)),
  OPEN("open", done((fs, src, dst, c) -> fs.open(src).close())),
  SET_PERMISSION("setPermission",
      done((fs, src, dst, c) -> fs.setPermission(src, permission(c, new FsPermission((short) 0644))))),
  SET_OWNER("setOwner", done((fs, src, dst, c) -> {
    String[] p = c.perm() == null ? new String[0] : c.perm().split(":", 3);
    fs.setOwner(src, p.length == 3 ? p[0] : null, p.length == 3 ? p[1] : null);
  })),
  SET_TIMES("setTimes", done((fs, src, dst, c) -> fs.setTimes(src, System.currentTimeMillis(), -1))),
  // The log does not say the factor: the file system's default, which moves no blocks.
  SET_REPLICATION("setReplication",
      (fs, src, dst, c) -> fs.setReplication(src, fs.getDefaultReplication(src))),
  CONCAT("concat", (fs, src, dst, c) -> {
    throw new IllegalStateException("concat is made from its own paths");
  }),
  GET_ACL_STATUS("getAclStatus", done((fs, src, dst, c) -> fs.getAclStatus(src))),
  // The log keeps no entries: the mode's own, which changes nothing but is a setAcl.
  SET_ACL("setAcl", done((fs, src, dst, c) -> {
    FsPermission p = permission(c, new FsPermission((short) 0644));
    fs.setAcl(src, AclEntry.parseAclSpec("user::" + p.getUserAction().SYMBOL + ",group::"
        + p.getGroupAction().SYMBOL + ",other::" + p.getOtherAction().SYMBOL, true));
  })),
  REMOVE_ACL("removeAcl", done((fs, src, dst, c) -> fs.removeAcl(src))),
  TRUNCATE("truncate", done((fs, src, dst, c) -> fs.truncate(src, 0))),
  GET_STORAGE_POLICY("getStoragePolicy", done((fs, src, dst, c) -> fs.getStoragePolicy(src)));

  /** One command's call: false when its target was not there. */
  @FunctionalInterface
  private interface Call {
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException;
  }

  /** A call that says nothing of its target but by throwing. */
  @FunctionalInterface
  private interface Action {
    void make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException;
  }

  private static Call done(Action a) {
    return (fs, src, dst, c) -> {
      a.make(fs, src, dst, c);
      return true;
    };
  }

  /** The command as the audit log names it. */
  final String command;
  private final Call call;

  ReplayedCall(String command, Call call) {
    this.command = command;
    this.call = call;
  }

  /**
   * Makes the command's call: false (invalid) when its target was missing, whether the call said
   * so or threw {@link FileNotFoundException}.
   */
  boolean replay(FileSystem fs, Path src, Path dst, Path[] sources, AuditCommand c)
      throws IOException {
    try {
      if (this == CONCAT) {
        fs.concat(dst, sources);
        return true;
      }
      return call.make(fs, src, dst, c);
    } catch (FileNotFoundException e) {
      return false;
    }
  }

  private static final Map<String, ReplayedCall> BY_COMMAND = new TreeMap<>();

  static {
    for (ReplayedCall r : values()) {
      BY_COMMAND.put(r.command, r);
    }
  }

  /** The call of {@code command}, or null when none can make it. */
  static ReplayedCall of(String command) {
    return BY_COMMAND.get(command);
  }

  /** The commands replayed, as the audit log names them. */
  static List<String> commands() {
    return new ArrayList<>(BY_COMMAND.keySet());
  }

  /** Whether the command reads its source (which must be there for it to be valid). */
  boolean readsSource() {
    return this != CREATE && this != MKDIRS && this != CONCAT;
  }

  /** Whether the command moves its source to its destination. */
  boolean moves() {
    return this == RENAME || this == RENAME_OVERWRITE;
  }

  /** Whether the command's source is a directory by nature (a listing, a summary). */
  boolean wantsDirectory() {
    return this == LIST_STATUS || this == CONTENT_SUMMARY;
  }

  private static FsPermission permission(AuditCommand c, FsPermission otherwise) {
    if (c.perm() == null) {
      return otherwise;
    }
    String[] p = c.perm().split(":", 3);
    if (p.length < 3 || p[2].length() < 9) {
      return otherwise;
    }
    try {
      String bits = p[2].substring(p[2].length() - 9).toLowerCase(Locale.ROOT);
      return FsPermission.valueOf("-" + bits);
    } catch (IllegalArgumentException e) {
      return otherwise;
    }
  }
}
