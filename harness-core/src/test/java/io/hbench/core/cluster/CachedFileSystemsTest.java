package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;

/**
 * What an embedded cluster closes of Hadoop's file system cache when it stops: the file systems
 * of its own stores, for every user (a local job's tasks cache theirs under a user of their own),
 * and no other: an embedder's stay open and cached.
 */
class CachedFileSystemsTest {

  @Test
  void theStoresAreClosedForEveryUserAndNothingElse() throws Exception {
    Configuration conf = new Configuration();
    // A DistributedFileSystem reaches its NameNode on first use, not when made: none is needed.
    URI store = URI.create("hdfs://localhost:1");
    URI another = URI.create("hdfs://localhost:2");
    UserGroupInformation task = UserGroupInformation.createRemoteUser("a-task");
    PrivilegedExceptionAction<FileSystem> tasks = () -> FileSystem.get(store, conf);
    FileSystem ours = FileSystem.get(store, conf);
    FileSystem ourTasks = task.doAs(tasks);
    FileSystem theirs = FileSystem.get(another, conf);
    FileSystem local = FileSystem.getLocal(conf);
    assertNotSame(ours, ourTasks, "a user of its own, an entry of its own");

    EmbeddedCluster.closeCachedFileSystems(Set.of("localhost:1"));

    // Closed, a file system leaves the cache: the next one asked for is new.
    FileSystem ours2 = FileSystem.get(store, conf);
    FileSystem ourTasks2 = task.doAs(tasks);
    try {
      assertNotSame(ours, ours2, "the store's, this user's");
      assertNotSame(ourTasks, ourTasks2, "the store's, the task's user's");
      assertSame(theirs, FileSystem.get(another, conf), "another cluster's");
      assertSame(local, FileSystem.getLocal(conf), "the local one");
    } finally {
      ours2.close();
      ourTasks2.close();
      theirs.close();
    }
  }
}
