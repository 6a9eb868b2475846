#include <libimagequant.h>

// OpenMP's thread count (omp.h is GCC's, not on clang's include path): the GIF encoder keeps libimagequant's
// remapping on its own thread.
void omp_set_num_threads(int count);
int omp_get_max_threads(void);
