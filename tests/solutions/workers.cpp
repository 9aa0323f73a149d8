// A right Constrained Nim solution that does its work the ways a judge allows and a careless
// runner may not measure, for testing `hack`'s sandbox. The answer comes from nim.py (exec'd
// with the game still on standard input, by PYTHON, python3 from the PATH by default); before
// it, as MODE says:
//
//     ./workers MODE ARG [NIM_PY [PYTHON]] < game
//
//   worker SECS     SECS of CPU time in one worker thread, the main thread waiting in join
//                   (the usual "solve in a big-stack thread")
//   pair SECS       two threads side by side, SECS of CPU time each
//   four SECS       four std::threads (glibc gives each a stack as large as the main thread's
//                   limit, reserved, untouched), SECS of CPU time each
//   herd SECS       sixteen threads of SECS of CPU time each, joined, then ten times SECS on
//                   the main thread alone: on a few cores the threads wait behind each other,
//                   a wait that is the solution's own, not the machine's
//   child MIB       forks a child that touches MIB of memory and sleeps, never waited for
//                   (wrong: the judge counts the child)
//   touch MIB       touches MIB of memory itself, whatever the game (wrong above the limit)
//   shared MIB      touches MIB of shared memory, then forks a child that reads every page of
//                   it and sleeps 0.4 s: MIB in all, each page once, as the judge counts it
//   helper SECS     the answer comes from a grandchild orphaned by a double fork, down a pipe,
//                   after SECS: nim.py run by it, the game on the standard input it inherited
//   fds 0           answers wrong, naming them, when file descriptors beyond 0, 1 and 2 are
//                   open (a judge gives nothing else)
//   escaped MIB     a grandchild out of its session (setsid, then a second fork, its parent
//                   gone) touches MIB of memory and sleeps (wrong above the limit)
//   escaped-bare MIB
//                   the same, the grandchild with an empty environment (no mark of hack's)
//   shm MIB         writes MIB to a new file /dev/shm/constrained-nim-workers-PID, left there
//                   (page cache a judge counts: wrong above the limit; its box's /dev/shm goes
//                   with the run)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

// Burns `secs` of this thread's CPU time.
static void burn(double secs) {
    timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    volatile unsigned long x = 0;
    do {
        for (int i = 0; i < 100000; i++) x += i;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    } while ((now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) * 1e-9 < secs);
}

static void touch(long mib) {
    size_t bytes = (size_t)mib << 20;
    // Volatile: the stores are the point, and must not be optimised away.
    volatile char* held = (volatile char*)malloc(bytes);
    if (!held) exit(3);
    for (size_t i = 0; i < bytes; i += 4096) held[i] = 1;
}

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    std::string mode = argv[1];
    double arg = atof(argv[2]);
    const char* nim = argc > 3 ? argv[3] : "tests/solutions/nim.py";
    const char* python = argc > 4 ? argv[4] : "python3";
    if (mode == "worker") {
        std::thread worker(burn, arg);
        worker.join();
    } else if (mode == "pair" || mode == "four") {
        std::vector<std::thread> threads;
        for (int i = 0; i < (mode == "pair" ? 2 : 4); i++) threads.emplace_back(burn, arg);
        for (auto& t : threads) t.join();
    } else if (mode == "herd") {
        std::vector<std::thread> threads;
        for (int i = 0; i < 16; i++) threads.emplace_back(burn, arg);
        for (auto& t : threads) t.join();
        burn(10 * arg);
    } else if (mode == "child") {
        // The parent answers once the child holds its memory (a byte down a pipe says so).
        int held[2];
        if (pipe(held) != 0) return 3;
        if (fork() == 0) {
            touch((long)arg);
            char done = 1;
            if (write(held[1], &done, 1) != 1) _exit(1);
            sleep(30);
            _exit(0);
        }
        char done;
        if (read(held[0], &done, 1) != 1) return 3;
        close(held[0]);
        close(held[1]);
    } else if (mode == "hold") {
        // The grandchild of escaped-bare, its environment empty: MIB held, a byte down FD.
        touch((long)arg);
        char done = 1;
        if (write(atoi(argv[3]), &done, 1) != 1) return 1;
        sleep(30);
        return 0;
    } else if (mode == "escaped" || mode == "escaped-bare") {
        // The grandchild writes a byte down the pipe once it holds its memory.
        int held[2];
        if (pipe(held) != 0) return 3;
        pid_t child = fork();
        if (child == 0) {
            setsid();
            if (fork() == 0) {
                if (mode == "escaped-bare") {
                    std::string fd = std::to_string(held[1]);
                    char* none[] = {nullptr};
                    execle(argv[0], argv[0], "hold", argv[2], fd.c_str(), (char*)nullptr, none);
                    _exit(4);
                }
                touch((long)arg);
                char done = 1;
                if (write(held[1], &done, 1) != 1) _exit(1);
                sleep(30);
                _exit(0);
            }
            _exit(0);
        }
        waitpid(child, nullptr, 0);
        close(held[1]);
        char done;
        if (read(held[0], &done, 1) != 1) return 3;
        close(held[0]);
    } else if (mode == "shm") {
        std::string name = "/dev/shm/constrained-nim-workers-" + std::to_string(getpid());
        int file = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (file < 0) return 3;
        std::vector<char> mib(1 << 20, 1);
        for (long i = 0; i < (long)arg; i++)
            if (write(file, mib.data(), mib.size()) != (ssize_t)mib.size()) return 3;
        close(file);
    } else if (mode == "touch") {
        touch((long)arg);
    } else if (mode == "shared") {
        size_t bytes = (size_t)arg << 20;
        void* mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) return 3;
        volatile char* shared = (volatile char*)mapped;
        for (size_t i = 0; i < bytes; i += 4096) shared[i] = 1;
        pid_t child = fork();
        if (child == 0) {
            unsigned long sum = 0;
            for (size_t i = 0; i < bytes; i += 4096) sum += shared[i];
            usleep(400000);
            _exit(sum == 0);
        }
        waitpid(child, nullptr, 0);
        munmap(mapped, bytes);
    } else if (mode == "helper") {
        int answer[2];
        if (pipe(answer) != 0) return 3;
        pid_t middle = fork();
        if (middle == 0) {
            if (fork() == 0) {
                usleep((useconds_t)(arg * 1e6));
                dup2(answer[1], 1);
                close(answer[0]);
                close(answer[1]);
                execlp(python, python, nim, "none", (char*)nullptr);
                _exit(4);
            }
            _exit(0);
        }
        close(answer[1]);
        waitpid(middle, nullptr, 0);
        char chunk[4096];
        ssize_t n;
        while ((n = read(answer[0], chunk, sizeof chunk)) > 0) {
            if (write(1, chunk, n) != n) return 3;
        }
        return 0;
    } else if (mode == "fds") {
        DIR* dir = opendir("/proc/self/fd");
        if (!dir) return 3;
        std::string open;
        while (dirent* entry = readdir(dir)) {
            int fd = atoi(entry->d_name);
            // The listing's own descriptor is the only one it may see.
            if (entry->d_name[0] != '.' && fd > 2 && fd != dirfd(dir)) {
                open += std::string(" ") + entry->d_name;
            }
        }
        closedir(dir);
        if (!open.empty()) {
            printf("open:%s\n", open.c_str());
            return 0;
        }
    } else {
        return 2;
    }
    execlp(python, python, nim, "none", (char*)nullptr);
    return 4;
}
