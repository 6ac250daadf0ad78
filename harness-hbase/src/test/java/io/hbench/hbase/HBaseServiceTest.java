package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class HBaseServiceTest {

  @Test
  void aWebUiBoundToLoopbackIsReadThereAndAnyOtherAtTheServersHostName() {
    Configuration c = new Configuration(false);
    String key = "hbase.regionserver.info.bindAddress";
    assertEquals("rs1.example", HBaseService.Servers.webHost(c, key, "rs1.example"));
    c.set(key, "0.0.0.0");
    assertEquals("rs1.example", HBaseService.Servers.webHost(c, key, "rs1.example"));
    // One host's own address in a shared hbase-site.xml says nothing of the other hosts.
    c.set(key, "10.1.2.3");
    assertEquals("rs1.example", HBaseService.Servers.webHost(c, key, "rs1.example"));
    c.set(key, "127.0.0.1");
    assertEquals("127.0.0.1", HBaseService.Servers.webHost(c, key, "localhost"));
  }
}
